import type { HTMLAttributes, Ref } from 'react';
import styles from './heading.module.css';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  level: 1 | 2 | 3;
  ref?: Ref<HTMLHeadingElement>;
}

export function Heading({ level, className, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag
      {...rest}
      className={[styles.heading, styles[`level${level}`], className].filter(Boolean).join(' ')}
    />
  );
}
