import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

function classes(variant: ButtonVariant, block?: boolean, extra?: string): string {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  block,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; block?: boolean }) {
  return <button type={type} className={classes(variant, block, className)} {...rest} />;
}

export function ButtonLink({ variant = 'primary', block, className, ...rest }: LinkProps & { variant?: ButtonVariant; block?: boolean }) {
  return <Link className={classes(variant, block, className)} {...rest} />;
}
