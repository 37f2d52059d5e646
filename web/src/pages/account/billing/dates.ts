// Days of the account pages: a statement's and a deal's dates are whole days in the user's zone.
// antd's pickers build their values in the browser's zone; zone.ts reads them in the user's.
import type { Dayjs } from 'dayjs';
import { fromPicker, toPicker, zoned } from '../../../components/zone';

/** The first instant of the picked day, as ISO-8601 for the server. */
export const startOfPickedDay = (day: Dayjs) => fromPicker(day.startOf('day')).toISOString();
/** The last instant of the picked day. */
export const endOfPickedDay = (day: Dayjs) => fromPicker(day.endOf('day')).toISOString();
/** An instant from the server as the day a picker shows. */
export const pickerDay = (isoTime: string) => toPicker(zoned(isoTime));
/** An instant as its day in the user's zone: 2026-03-31. */
export const dayOf = (isoTime: string | null) =>
  isoTime ? zoned(isoTime).format('YYYY-MM-DD') : '—';
/** An instant as a day people read: 31 Mar 2026. */
export const longDayOf = (isoTime: string | null) =>
  isoTime ? zoned(isoTime).format('D MMM YYYY') : '—';
