import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { NAME_MAX } from '../../../common/constants';
import { NICKNAME_HINT, nicknameProblem } from '../../../common/flip-rules';
import { LazyTooltip } from '../later/LazyTooltip';
import classes from './RequestFields.module.css';

/**
 * The fields the flip and sample pages share: the name a logged-out visitor gives (spec 5's
 * "Only letters, numbers or dash" as text under the field, not only a tooltip or a red border,
 * so touch and keyboard users read why VERIFY waits), and the verified values as readable text.
 */

/** Under the input: the rule, then what the value breaks once the field is touched (typed in or left). */
const UNDER_THE_INPUT: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

interface NameFieldProps {
  label: 'Nickname' | 'Username';
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/** Nickname (flip) or Username (sample): required, 3 to 32 letters, numbers or dashes. */
export function NameField({ label, placeholder, value, onChange, disabled }: NameFieldProps) {
  const [touched, setTouched] = useState(false);
  const problem = touched || value !== '' ? nicknameProblem(label, value) : null;
  return (
    <LazyTooltip label={NICKNAME_HINT} position="top-start">
      <TextInput
        label={label}
        placeholder={placeholder}
        required
        maxLength={NAME_MAX}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        disabled={disabled}
        inputWrapperOrder={UNDER_THE_INPUT}
        // The rule itself is the error when it is what the value breaks: said once, in red.
        description={problem === NICKNAME_HINT ? undefined : NICKNAME_HINT}
        error={problem}
        classNames={{ description: classes.hint }}
      />
    </LazyTooltip>
  );
}

/** What step 1 verified (the fields are locked until New request): label and value as plain text. */
export function VerifiedValues({ values }: { values: { label: string; value: string }[] }) {
  return (
    <dl className={classes.verified} data-testid="verified-values">
      {values.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
