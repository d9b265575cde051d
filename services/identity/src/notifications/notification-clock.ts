import { Injectable } from '@nestjs/common';

/** The notifications' clock (the digest's 7:00): tests set `now`. */
@Injectable()
export class NotificationClock {
  now: () => Date = () => new Date();
}

/** The local date (YYYY-MM-DD) and hour (0–23) of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) % 24 };
}
