// People (drivers and contacts): the read side the tracking pages need.
import { z } from 'zod';
import { pagingSchema, plainText, type ListAnswer } from './shared';

export const peopleParams = {
  get_people: z.object({
    ...pagingSchema,
    drivers_only: z.boolean().default(false),
    search: plainText().max(100).optional(),
  }),
};

/** A person of the client; role 11 (deleted) is never listed (SPEC §6). */
export interface Person {
  pid: number;
  title: string;
  first_name: string;
  surname: string;
  /** first name and surname */
  name: string;
  rank: number;
  roles: number[];
  contact_roles: string[];
  is_driver: boolean;
  email: string | null;
  cellphone: string | null;
  licence_class: string;
}

export interface PeopleAnswers {
  get_people: ListAnswer<'people', Person>;
}
