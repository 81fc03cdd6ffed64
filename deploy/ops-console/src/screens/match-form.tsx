import { useState } from 'react';
import type { FormEvent } from 'react';
import { MATCH_FORMAT_LABELS, MATCH_FORMATS } from '@crease/contract';
import type {
  CatalogEvent,
  EventCreate,
  MatchFormat,
  ProducerSchedule,
  Team,
} from '@crease/contract';
import { Button, TextField } from '@crease/ui';
import styles from '../ops.module.css';
import producer from './producer.module.css';
import { fromLocalInput, localAndUtc, producerZone, toLocalInput } from './time-zone';

interface TeamFields {
  name: string;
  shortName: string;
  primary: string;
  secondary: string;
}

const teamFields = (team?: Team): TeamFields => ({
  name: team?.name ?? '',
  shortName: team?.shortName ?? '',
  primary: team?.colours.primary ?? '#1d4ed8',
  secondary: team?.colours.secondary ?? '#ffffff',
});
const toTeam = (t: TeamFields): Team => ({
  name: t.name.trim(),
  shortName: t.shortName.trim().toUpperCase(),
  colours: { primary: t.primary, secondary: t.secondary },
});

/**
 * A match's details, new or edited: teams, venue, format, start and estimated end in the
 * producer's zone (the UTC time shown beside, decision 451), the channel it plays on. What the
 * API refuses comes back as its message, naming the field (docs/catalog.md).
 */
export function MatchForm({
  leagues,
  match,
  busy,
  onSubmit,
  onCancel,
}: {
  leagues: ProducerSchedule['leagues'];
  /** The match being edited; none: a new one. */
  match?: CatalogEvent;
  busy: boolean;
  onSubmit: (body: EventCreate) => void;
  onCancel: () => void;
}) {
  const [eventId, setEventId] = useState(match?.eventId ?? '');
  const [leagueId, setLeagueId] = useState(match?.leagueId ?? leagues[0]?.leagueId ?? '');
  const [title, setTitle] = useState(match?.title ?? '');
  const [teams, setTeams] = useState<[TeamFields, TeamFields]>([
    teamFields(match?.teams[0]),
    teamFields(match?.teams[1]),
  ]);
  const [venue, setVenue] = useState(match?.venue ?? { name: '', city: '', country: '' });
  const [format, setFormat] = useState<MatchFormat>(match?.format ?? 't20');
  const [start, setStart] = useState(match ? toLocalInput(match.startTime) : '');
  const [end, setEnd] = useState(match ? toLocalInput(match.estimatedEnd) : '');
  const [channelId, setChannelId] = useState(match?.channelId ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const startUtc = fromLocalInput(start);
  const endUtc = fromLocalInput(end);

  const setTeam = (i: 0 | 1, field: keyof TeamFields, value: string) =>
    setTeams((now) => {
      const next: [TeamFields, TeamFields] = [{ ...now[0] }, { ...now[1] }];
      next[i][field] = value;
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startUtc) return setProblem('Give the start date and time.');
    if (!endUtc) return setProblem('Give the estimated end date and time.');
    setProblem(null);
    onSubmit({
      eventId: eventId.trim(),
      leagueId,
      title: title.trim(),
      teams: [toTeam(teams[0]), toTeam(teams[1])],
      venue: { name: venue.name.trim(), city: venue.city.trim(), country: venue.country.trim() },
      format,
      startTime: startUtc,
      estimatedEnd: endUtc,
      channelId: channelId.trim(),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-label={match ? 'Edit match' : 'New match'}>
      <div className={producer.grid}>
        <TextField
          label="Match id"
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
          disabled={Boolean(match)}
          hint="A slug: lower-case letters, digits and hyphens."
          required
        />
        <label className={styles.field}>
          <span className={styles.fieldLabel}>League</span>
          <select
            className={producer.select}
            value={leagueId}
            onChange={(e) => setLeagueId(e.target.value)}
            required
          >
            {leagues.map((l) => (
              <option key={l.leagueId} value={l.leagueId}>
                {l.active ? l.caption : `${l.caption} (hidden)`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required />
      {([0, 1] as const).map((i) => (
        <fieldset key={i} className={producer.grid}>
          <legend>{i === 0 ? 'Home team' : 'Away team'}</legend>
          <TextField
            label="Team name"
            value={teams[i].name}
            onChange={(e) => setTeam(i, 'name', e.target.value)}
            required
          />
          <TextField
            label="Short name"
            value={teams[i].shortName}
            onChange={(e) => setTeam(i, 'shortName', e.target.value)}
            hint="2 to 4 capitals"
            required
          />
          <TextField
            label="Primary colour"
            type="color"
            value={teams[i].primary}
            onChange={(e) => setTeam(i, 'primary', e.target.value)}
          />
          <TextField
            label="Secondary colour"
            type="color"
            value={teams[i].secondary}
            onChange={(e) => setTeam(i, 'secondary', e.target.value)}
          />
        </fieldset>
      ))}
      <fieldset className={producer.grid}>
        <legend>Venue</legend>
        {(['name', 'city', 'country'] as const).map((field) => (
          <TextField
            key={field}
            label={`Venue ${field}`}
            value={venue[field]}
            onChange={(e) => setVenue({ ...venue, [field]: e.target.value })}
            required
          />
        ))}
      </fieldset>
      <div className={producer.grid}>
        <label className={styles.field}>
          <span className={styles.fieldLabel}>Format</span>
          <select
            className={producer.select}
            value={format}
            onChange={(e) => setFormat(e.target.value as MatchFormat)}
          >
            {MATCH_FORMATS.map((f) => (
              <option key={f} value={f}>
                {MATCH_FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Channel id"
          value={channelId}
          onChange={(e) => setChannelId(e.target.value)}
          hint="The channel its picture comes from (its stream keys are under Channels)."
          required
        />
        <TextField
          label={`Start (${producerZone()})`}
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          hint={startUtc ? localAndUtc(startUtc) : 'Your time zone; UTC is shown once set.'}
          required
        />
        <TextField
          label={`Estimated end (${producerZone()})`}
          type="datetime-local"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          hint={endUtc ? localAndUtc(endUtc) : 'After the start.'}
          required
        />
      </div>
      {problem ? <p className={styles.errorText}>{problem}</p> : null}
      <div className={styles.formActions}>
        <Button type="submit" busy={busy}>
          {match ? 'Save match' : 'Schedule match'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
