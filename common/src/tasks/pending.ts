// Tasks the web app already calls but the server does not serve yet (later issues). Their shapes
// come from API.md §3 and SPEC.md §3/§7; they have no schema until a server task exists, and until
// then the server answers result 1 ('Unknown task').

/** A notice of the notices icon (SPEC §3). `message` may hold HTML. */
export interface Notice {
  tid: number;
  title: string;
  message: string;
  /** 0 info, 1 warning, 2 error */
  type: 0 | 1 | 2;
  priority: number;
  unread: boolean;
  created: string;
}

export interface PendingTaskMap {}
