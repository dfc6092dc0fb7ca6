import * as RadixSwitch from '@radix-ui/react-switch';
import styles from './switch.module.css';

export interface SwitchProps {
  id?: string;
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** An on/off switch (role="switch"), operable by keyboard. */
export function Switch(props: SwitchProps) {
  return (
    <RadixSwitch.Root className={styles.root} {...props}>
      <RadixSwitch.Thumb className={styles.thumb} />
    </RadixSwitch.Root>
  );
}
