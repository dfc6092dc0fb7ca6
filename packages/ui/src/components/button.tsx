import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'medium' | 'small' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The class names of a button, for links that should look like one. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'medium'): string {
  return [styles.button, styles[variant], size === 'medium' ? undefined : styles[size]]
    .filter(Boolean)
    .join(' ');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'medium', className, type = 'button', ...props },
  ref,
) {
  const classes = [buttonClassName(variant, size), className].filter(Boolean).join(' ');
  return <button ref={ref} type={type} className={classes} {...props} />;
});
