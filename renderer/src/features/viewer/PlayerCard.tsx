/**
 * The viewer's player (TranscriptView.tsx): the source audio, or a video's picture above the
 * controls, with skip, speed and the shortcuts. The state it shows stays with
 * the viewer (usePlayerMedia), which keeps it while it moves between jobs.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/store';
import { PlayerControls } from './PlayerControls';
import type { Playback } from './use-playback';

/** Containers that may hold a picture (core/media/media-file.ts serves them as video/…). */
const isVideo = (container: string | undefined) => container === 'mp4' || container === 'webm';

/**
 * The player's address for `jobId`. In browser mode it carries a ticket for it, asked for once
 * per job (kept with the job it is for: another job's address is never shown while the next is
 * asked).
 */
function useMediaSrc(jobId: string): string | undefined {
  const mediaUrlOf = useApp((s) => s.mediaUrlOf);
  const [media, setMedia] = useState<{ jobId: string; url: string | undefined }>();
  useEffect(() => {
    let current = true;
    void mediaUrlOf(jobId).then((url) => current && setMedia({ jobId, url }));
    return () => {
      current = false;
    };
  }, [mediaUrlOf, jobId]);
  return media?.jobId === jobId ? media.url : undefined;
}

/**
 * A video's picture: shown above the controls, and hidden on request. An MP4 or WebM may hold
 * sound alone (an .m4a): once its metadata says it has no picture (`picture` false), it is drawn
 * as the audio player is. `attachVideo` is the video element's ref.
 */
function useVideoPicture(attachAudio: (element: HTMLMediaElement | null) => void) {
  const [pictureShown, setPictureShown] = useState(true);
  const [picture, setPicture] = useState<boolean>();
  const attachVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      attachAudio(element);
      if (!element) return;
      const onMetadata = () => setPicture(element.videoWidth > 0);
      element.addEventListener('loadedmetadata', onMetadata);
      // (A ref callback's cleanup stands in for its call with null.)
      return () => {
        element.removeEventListener('loadedmetadata', onMetadata);
        attachAudio(null);
      };
    },
    [attachAudio],
  );
  return { picture, pictureShown, setPictureShown, attachVideo };
}

/**
 * What the player shows for job `jobId` (its file's `container`): its address, whether it may
 * have a picture, and the picture's state. `attachAudio` is usePlayback's.
 */
export function usePlayerMedia(
  jobId: string,
  container: string | undefined,
  attachAudio: (element: HTMLMediaElement | null) => void,
) {
  const mediaSrc = useMediaSrc(jobId);
  return { mediaSrc, video: isVideo(container), attachAudio, ...useVideoPicture(attachAudio) };
}

export function PlayerCard({
  media,
  playback,
  onShortcuts,
}: {
  media: ReturnType<typeof usePlayerMedia>;
  playback: Playback;
  onShortcuts: () => void;
}) {
  const { t } = useTranslation();
  const { mediaSrc, video, attachAudio, picture, pictureShown, setPictureShown, attachVideo } =
    media;
  return (
    <div className="player-card">
      {video ? (
        <div
          id="viewer-picture"
          className={`picture${pictureShown ? '' : ' is-hidden'}${picture === false ? ' is-sound' : ''}`}
        >
          <video
            ref={attachVideo}
            className="player"
            controls
            preload="metadata"
            playsInline
            src={mediaSrc}
            aria-label={t('viewer.playerVideo')}
            data-testid="player"
          />
        </div>
      ) : (
        <audio
          ref={attachAudio}
          className="player"
          controls
          preload="metadata"
          src={mediaSrc}
          aria-label={t('viewer.player')}
          data-testid="player"
        />
      )}
      <PlayerControls
        playback={playback}
        onShortcuts={onShortcuts}
        // With the picture hidden its controls go too: Play stands in for them.
        showPlay={video && !pictureShown}
      >
        {video && picture !== false ? (
          <button
            type="button"
            className="button small ghost"
            aria-expanded={pictureShown}
            aria-controls="viewer-picture"
            data-testid="picture-toggle"
            onClick={() => setPictureShown((shown) => !shown)}
          >
            {pictureShown ? t('viewer.hidePicture') : t('viewer.showPicture')}
          </button>
        ) : null}
      </PlayerControls>
      <p className="muted hint">{playback.failed ? t('viewer.noAudio') : t('player.hint')}</p>
    </div>
  );
}
