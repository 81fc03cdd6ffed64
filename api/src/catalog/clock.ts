/**
 * The catalog's notion of now. Production and `npm start` read the system clock; tests inject a
 * settable one, so the rolling demo and every `at` are deterministic (no timed assertions).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class SettableClock implements Clock {
  private current: number;
  constructor(start: Date) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date): void {
    this.current = to.getTime();
  }
}
