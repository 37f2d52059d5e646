// Share links for one unit's live position (/track/{send_token}) and for the whole fleet.
import { z } from 'zod';
import { expiresDate, idSchema, type EmptyAnswer } from './shared';

const sendToken = z.object({ send_token: z.string().min(10).max(200) });

export const trackLinkParams = {
  set_track_link: z.object({ uid: idSchema, expires: expiresDate }),
  delete_track_link: sendToken,
  set_track_all_link: z.object({ expires: expiresDate }),
  delete_track_all_link: sendToken,
};

export interface ShareLink {
  send_token: string;
  expires: string;
  url: string;
}

export interface TrackLinkAnswers {
  set_track_link: ShareLink;
  delete_track_link: EmptyAnswer;
  set_track_all_link: ShareLink;
  delete_track_all_link: EmptyAnswer;
}
