import { useCallback, useEffect, useState } from 'react';
import type { RefObject } from 'react';

export interface StageModes {
  /** The stage (video, overlays and controls) fills the screen. */
  fullscreen: boolean;
  toggleFullscreen(): void;
  togglePictureInPicture(): void;
}

/**
 * Full screen is the stage's, not the video's, so the overlays and the controls come along;
 * picture-in-picture is the video's. Both are the browser's: a refusal changes nothing.
 */
export function useStageModes(
  stageRef: RefObject<HTMLDivElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
): StageModes {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onFullscreen = () => setFullscreen(document.fullscreenElement === stageRef.current);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, [stageRef]);

  const toggleFullscreen = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.requestFullscreen?.().catch(() => undefined);
  }, [stageRef]);
  const togglePictureInPicture = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement)
      void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture?.().catch(() => undefined);
  }, [videoRef]);

  return { fullscreen, toggleFullscreen, togglePictureInPicture };
}
