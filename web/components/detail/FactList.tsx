import type { ReactNode } from 'react';
import classes from './detail.module.css';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Takes the whole row (tags, long values) */
  wide?: boolean;
}

/** The facts of an item as a description list: small uppercase labels above their values. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className={classes.facts} data-testid="fact-list">
      {facts.map((fact) => (
        <div key={fact.label} className={fact.wide ? `${classes.fact} ${classes.wide}` : classes.fact}>
          <dt className={classes.label}>{fact.label}</dt>
          <dd className={classes.value}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
