import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router-dom';
import type { Parcel } from 'single-spa';
import type { Platform, RemoteName, ScreenProps, UiLanguage } from '@crease/contract';
import { SCREEN_CRASHED_EVENT, Spinner } from '@crease/ui';
import { RemoteUnavailable } from '../pages/remote-unavailable';
import type { RemoteSignals } from './remote-signals';
import type { RemoteRuntime } from './remote-runtime';
import { RemoteUnavailableError } from './remote-runtime';
import { loadSingleSpa } from './single-spa-loader';
import { useMessages } from '../messages';
import styles from './remote-outlet.module.css';

export interface RemoteOutletProps {
  remote: RemoteName;
  runtime: RemoteRuntime;
  platform: Platform;
  /** The viewer's language, passed on to the remote (ScreenProps.language, issue 34 §4). */
  language?: UiLanguage;
  /** Real-user signals: a view per mount, a crash per error-boundary screen (decision 131). */
  signals?: Pick<RemoteSignals, 'view' | 'crash'>;
}

type State =
  | { kind: 'loading' }
  | { kind: 'mounted' }
  | { kind: 'unavailable'; error: RemoteUnavailableError };

function useScreenId(): string {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { screen?: string } | undefined;
  return handle?.screen ?? '';
}

/**
 * One element per remote, shared by all of that remote's routes: moving between two
 * screens of the same remote updates the parcel (`parcel.update`) instead of remounting it.
 */
export function RemoteOutlet({
  remote,
  runtime,
  platform,
  language = 'en',
  signals,
}: RemoteOutletProps) {
  const { t } = useMessages();
  const container = useRef<HTMLDivElement>(null);
  const parcel = useRef<Parcel | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const routerNavigate = useNavigate();
  const location = useLocation();
  const screen = useScreenId();

  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      void routerNavigate(to, { replace: options?.replace ?? false });
    },
    [routerNavigate],
  );

  const props: ScreenProps = useMemo(
    () => ({
      screen,
      location: { pathname: location.pathname, search: location.search, hash: location.hash },
      navigate,
      platform,
      language,
    }),
    [screen, location.pathname, location.search, location.hash, navigate, platform, language],
  );
  const latestProps = useRef(props);
  useEffect(() => {
    latestProps.current = props;
  }, [props]);

  // The manifest the mounted parcel came from, and the previous parcel's unmount (a new one
  // must not mount into the container before React has left it).
  const mountedFrom = useRef<string | null>(null);
  const unmounted = useRef<Promise<unknown>>(Promise.resolve());
  const [generation, setGeneration] = useState(0);

  // Load and mount once per remote (per Retry press, and per new release of this remote seen at
  // a route change); unmount when leaving the remote.
  useEffect(() => {
    let cancelled = false;
    mountedFrom.current = runtime.liveManifestUrl(remote);
    const version = runtime.liveVersion(remote);
    if (version) signals?.view(remote, version);
    Promise.all([runtime.load(remote), loadSingleSpa(), unmounted.current])
      .then(async ([config, { mountRootParcel }]) => {
        if (cancelled || !container.current) return;
        const mounted = mountRootParcel(config, {
          domElement: container.current,
          ...latestProps.current,
        });
        parcel.current = mounted;
        await mounted.mountPromise;
        if (!cancelled) setState({ kind: 'mounted' });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        parcel.current = null;
        const unavailable =
          error instanceof RemoteUnavailableError
            ? error
            : new RemoteUnavailableError(remote, 'load-failed', { cause: error });
        console.error(`${unavailable.message}: ${String(unavailable.cause)}`);
        setState({ kind: 'unavailable', error: unavailable });
      });
    return () => {
      cancelled = true;
      const current = parcel.current;
      parcel.current = null;
      if (current) {
        unmounted.current = current.mountPromise
          .then(() => current.unmount())
          .catch(() => undefined);
      }
    };
  }, [remote, runtime, attempt, generation, signals]);

  // A crash inside the mounted screen: its error boundary's ScreenCrashed says so (decision 131).
  useEffect(() => {
    const element = container.current;
    if (!element || !signals) return;
    const crashed = () => {
      const version = runtime.liveVersion(remote);
      if (version) signals.crash(remote, version);
    };
    element.addEventListener(SCREEN_CRASHED_EVENT, crashed);
    return () => element.removeEventListener(SCREEN_CRASHED_EVENT, crashed);
  }, [remote, runtime, signals]);

  // Same remote, new screen or location: update, don't remount, unless the route change brought
  // a new release of this remote (the router revalidated the map before this render). Then the
  // old version leaves and the new one mounts with the new screen.
  // An "unavailable" remote gets a fresh try when a new release of it arrives the same way.
  useEffect(() => {
    if (state.kind === 'loading') return;
    if (runtime.liveManifestUrl(remote) !== mountedFrom.current) {
      setState({ kind: 'loading' });
      setGeneration((n) => n + 1);
      return;
    }
    const current = parcel.current;
    if (!current?.update || state.kind !== 'mounted') return;
    current.update({ ...props }).catch((error: unknown) => console.error(error));
  }, [props, state.kind, remote, runtime]);

  return (
    <>
      {state.kind === 'loading' ? <Spinner label={t('remote.loading')} /> : null}
      {state.kind === 'unavailable' ? (
        <RemoteUnavailable
          productName={platform.config.productName}
          onRetry={() => {
            setState({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      ) : null}
      <div
        ref={container}
        className={styles.parcel}
        data-remote={remote}
        hidden={state.kind === 'unavailable'}
      />
    </>
  );
}
