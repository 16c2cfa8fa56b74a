import { FormattedMessage } from 'react-intl';
import { Button, type ButtonProps } from './button';

/** The way back out of an edit, a form or a measurement: a low-priority button saying "Cancel", one word everywhere. */
export function CancelButton(props: Omit<ButtonProps, 'children' | 'priority'>) {
  return (
    <Button priority="low" {...props}>
      <FormattedMessage id="app.cancel" defaultMessage="Cancel" />
    </Button>
  );
}
