import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

export interface StageModes {
  stageRef: RefObject<HTMLDivElement | null>;
  /** The stage (video, overlays and controls) fills the screen. */
  fullscreen: boolean;
  toggleFullscreen(): void;
  togglePictureInPicture(): void;
}

/**
 * Full screen is the stage's, not the video's, so the overlays and the controls come along;
 * picture-in-picture is the video's. Both are the browser's: a refusal changes nothing.
 */
export function useStageModes(videoRef: RefObject<HTMLVideoElement | null>): StageModes {
  const stageRef = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onFullscreen = () => setFullscreen(document.fullscreenElement === stageRef.current);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.requestFullscreen?.().catch(() => undefined);
  }, []);
  const togglePictureInPicture = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement)
      void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture?.().catch(() => undefined);
  }, [videoRef]);

  return { stageRef, fullscreen, toggleFullscreen, togglePictureInPicture };
}
