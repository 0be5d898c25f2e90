/**
 * `use-sync-external-store/with-selector` in the browser build (vite.config.ts), which react-redux's useSelector runs
 * on: the package ships it as CommonJS that requires all of `react`, which kept every part of preact/compat in the
 * first script, used or not. The same hook over named imports lets the bundler keep only what is used.
 *
 * It reads the store's snapshot through the selector, and keeps the selection it gave last while the snapshot is the
 * same object, or while `isEqual` says the new selection equals it: a component re-renders only when what it selected
 * changed.
 */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';

interface Last<Selection> {
  hasValue: boolean;
  value: Selection | undefined;
}

/** The selections given for one selector: the snapshot read last and what was selected from it. */
class Selecting<Snapshot, Selection> {
  private read?: { snapshot: Snapshot; selection: Selection };

  constructor(
    private readonly selector: (snapshot: Snapshot) => Selection,
    private readonly isEqual: ((a: Selection, b: Selection) => boolean) | undefined,
    /** what the component drew last, for a first selection to be compared with (a new selector, say) */
    private readonly drawn: RefObject<Last<Selection>>,
  ) {}

  select(snapshot: Snapshot): Selection {
    const { read, isEqual } = this;
    if (read && Object.is(read.snapshot, snapshot)) return read.selection;
    const selection = this.selector(snapshot);
    const before = read ? { hasValue: true, value: read.selection } : this.drawn.current;
    const kept = isEqual !== undefined && before.hasValue && isEqual(before.value as Selection, selection) ? (before.value as Selection) : selection;
    this.read = { snapshot, selection: kept };
    return kept;
  }
}

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const drawn = useRef<Last<Selection>>({ hasValue: false, value: undefined });
  const [select, selectOnServer] = useMemo(() => {
    const selecting = new Selecting(selector, isEqual, drawn);
    return [() => selecting.select(getSnapshot()), getServerSnapshot ? () => selecting.select(getServerSnapshot()) : undefined] as const;
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, select, selectOnServer);
  useEffect(() => {
    drawn.current = { hasValue: true, value };
  }, [value]);
  useDebugValue(value);
  return value;
}
