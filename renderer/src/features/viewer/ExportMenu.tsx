/**
 * Export as TXT, SRT, VTT, JSON or CSV (shared/format exporters): the save dialog under Electron,
 * a download in the browser.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/domain/job';
import {
  EXPORT_FORMATS,
  exportFileName,
  exportTranscript,
} from '../../../../shared/format/exporters';
import { useSaveExport } from '../../lib/use-save-export';

export function ExportMenu({
  transcript,
  sourceName,
}: {
  transcript: Transcript;
  sourceName: string;
}) {
  const { t } = useTranslation();
  const { save, problem } = useSaveExport();
  return (
    // Not modal: a modal menu locks scrolling with an injected <style>, which the CSP refuses.
    <Menu.Root modal={false}>
      <Menu.Trigger className="button small" data-testid="export">
        {t('viewer.export')} ▾
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4}>
          {EXPORT_FORMATS.map((format) => (
            <Menu.Item
              key={format}
              className="menu-item"
              onSelect={() =>
                save({
                  fileName: exportFileName(sourceName, format),
                  text: exportTranscript(transcript, format),
                  format,
                })
              }
            >
              {t('viewer.exportAs', { format: format.toUpperCase() })}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
      {problem}
    </Menu.Root>
  );
}
