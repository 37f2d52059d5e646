import { CLIENT_VERSION } from '@fleet/common';

export const version = CLIENT_VERSION;
