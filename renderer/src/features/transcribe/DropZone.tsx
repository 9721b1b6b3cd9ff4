/** Files dropped anywhere on the window go to Transcribe. */
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import './transcribe.css';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

export function DropZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const addFiles = useApp((s) => s.addFiles);
  const setTab = useApp((s) => s.setTab);
  const closeTranscript = useApp((s) => s.closeTranscript);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  return (
    <div
      className="dropzone"
      data-testid="window"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length === 0) return;
        // Transcribe's own screen, where the new rows show (not a transcript left open).
        closeTranscript();
        setTab('transcribe');
        addFiles(files);
      }}
    >
      {children}
      {over ? (
        <div className="drop-overlay" aria-hidden="true">
          <div className="drop-overlay-card">{t('transcribe.dropOverlay')}</div>
        </div>
      ) : null}
    </div>
  );
}
