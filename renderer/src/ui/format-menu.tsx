/**
 * A button that opens a list of formats to save in. Not modal: a modal menu locks scrolling with
 * an injected <style>, which the hosts' CSP (style-src 'self') refuses.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Icon } from './icons';
import './menu.css';

interface Props<F extends string> {
  readonly label: string;
  readonly formats: readonly F[];
  readonly itemLabel: (format: F) => string;
  readonly onPick: (format: F) => void;
  readonly className: string;
  readonly disabled?: boolean;
  readonly testId?: string;
}

export function FormatMenu<F extends string>(props: Props<F>) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className={props.className}
        disabled={props.disabled}
        data-testid={props.testId}
      >
        {props.label} <Icon name="chevron-down" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4}>
          {props.formats.map((format) => (
            <Menu.Item key={format} className="menu-item" onSelect={() => props.onPick(format)}>
              {props.itemLabel(format)}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
