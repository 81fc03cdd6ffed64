import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { LeagueCreate } from '@crease/contract';
import { Alert, Button, TextField } from '@crease/ui';
import type { StaffClient } from '../api/staff-client';
import styles from '../ops.module.css';
import producer from './producer.module.css';

/** A new league: its id, caption, description and one of the shipped logos. */
export function LeagueForm({
  client,
  busy,
  onSubmit,
  onCancel,
}: {
  client: StaffClient;
  busy: boolean;
  onSubmit: (body: LeagueCreate) => void;
  onCancel: () => void;
}) {
  // The logo is required and comes from the API: until it has, "Create league" waits, and a
  // failed read says so with a retry (a silent browser refusal left the producer guessing).
  const [logos, setLogos] = useState<string[] | 'loading' | 'failed'>('loading');
  const [fields, setFields] = useState({ leagueId: '', caption: '', description: '', logo: '' });
  const fetchLogos = useCallback(() => {
    client.logos().then(
      ({ items }) => {
        setLogos(items.map((i) => i.logo));
        setFields((now) => ({ ...now, logo: now.logo || (items[0]?.logo ?? '') }));
      },
      () => setLogos('failed'),
    );
  }, [client]);
  useEffect(fetchLogos, [fetchLogos]);
  const retryLogos = () => {
    setLogos('loading');
    fetchLogos();
  };
  const ready = Array.isArray(logos) && logos.length > 0;
  const set = (field: keyof typeof fields) => (value: string) =>
    setFields((now) => ({ ...now, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      leagueId: fields.leagueId.trim(),
      caption: fields.caption.trim(),
      description: fields.description.trim(),
      logo: fields.logo,
      logoAltText: `${fields.caption.trim()} logo`,
      application: 'cricket',
      status: 'in_progress',
      active: true,
    });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="New league">
      <div className={producer.grid}>
        <TextField
          label="League id"
          value={fields.leagueId}
          onChange={(e) => set('leagueId')(e.target.value)}
          hint="A slug: lower-case letters, digits and hyphens."
          required
        />
        <TextField
          label="League name"
          value={fields.caption}
          onChange={(e) => set('caption')(e.target.value)}
          required
        />
      </div>
      <TextField
        label="Description"
        value={fields.description}
        onChange={(e) => set('description')(e.target.value)}
      />
      <label className={styles.field}>
        <span className={styles.fieldLabel}>Logo</span>
        <select
          className={producer.select}
          value={fields.logo}
          onChange={(e) => set('logo')(e.target.value)}
          disabled={!ready}
          required
        >
          {Array.isArray(logos) ? (
            logos.map((logo) => (
              <option key={logo} value={logo}>
                {logo}
              </option>
            ))
          ) : (
            <option value="">{logos === 'loading' ? 'Loading the logos…' : 'No logos'}</option>
          )}
        </select>
      </label>
      {logos === 'failed' && (
        <Alert tone="error">
          The logos could not be loaded, so a league cannot be created yet.{' '}
          <Button variant="ghost" onClick={retryLogos}>
            Try again
          </Button>
        </Alert>
      )}
      <div className={styles.formActions}>
        <Button type="submit" busy={busy} disabled={!ready}>
          Create league
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
