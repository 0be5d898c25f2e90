/** A problem found in a spec file, said so that a product owner can find and fix it. */
export interface SpecProblem {
  file: string;
  /** JSON pointer inside the file, '' for the whole file. */
  path: string;
  line?: number;
  message: string;
}

export class SpecError extends Error {
  constructor(readonly problems: SpecProblem[]) {
    super(formatProblems(problems));
    this.name = 'SpecError';
  }
}

export function formatProblem(p: SpecProblem): string {
  const where = `${p.file}${p.line ? `:${p.line}` : ''}`;
  return `${where}  at ${p.path || '(document)'}: ${p.message}`;
}

export function formatProblems(problems: SpecProblem[]): string {
  const header = `${problems.length} problem${problems.length === 1 ? '' : 's'} in specs/:`;
  return [header, ...problems.map((p) => `  - ${formatProblem(p)}`)].join('\n');
}
