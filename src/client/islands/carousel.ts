/**
 * The how-it-works carousel on a document page: the previous and next buttons move through the
 * slides (the track scrolls to the slide; the current slide and dot are marked). Without this script
 * every slide is in the page and the track scrolls sideways, by touch or keyboard.
 */
import { PENDING_ATTRIBUTE } from './names';

export function carousel(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('.carousel__track');
  const controls = root.querySelector<HTMLElement>('.carousel__controls');
  if (!track || !controls) return;
  const slides = [...track.children] as HTMLElement[];
  const [previous, next] = [...controls.querySelectorAll<HTMLButtonElement>('button')];
  const dots = [...controls.querySelectorAll<HTMLElement>('.carousel__dot')];
  if (!previous || !next || slides.length === 0) return;
  let active = 0;
  const go = (index: number) => {
    active = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      const group = slide.firstElementChild;
      if (i === active) group?.setAttribute('aria-current', 'true');
      else group?.removeAttribute('aria-current');
    });
    dots.forEach((dot, i) => dot.classList.toggle('carousel__dot--active', i === active));
    const slide = slides[active]!;
    track.scrollTo({ left: slide.offsetLeft - track.offsetLeft, behavior: 'smooth' });
  };
  previous.addEventListener('click', () => go(active - 1));
  next.addEventListener('click', () => go(active + 1));
  controls.removeAttribute(PENDING_ATTRIBUTE);
}
