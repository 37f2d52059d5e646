// How one protocol says the portal's commands (issue 13, 18): a leaf module, so that the protocols'
// command files and commands-wire.ts, which gathers them, import it without a cycle.
import type { CommandKind } from '@fleet/common';

export type ReplyVerdict = 'confirmed' | 'failed' | 'unrelated';

/**
 * How one protocol says the portal's commands and reads the device's answers. The text is what the
 * command's history shows and what the session's CommandLink.send frames for the wire.
 */
export interface CommandDialect {
  /** The command text for a kind and its stored value ('' = buzzer off). */
  wireText(kind: CommandKind, value: string): string;
  /** What a device's text answer says about a command it was sent. */
  judgeReply(kind: CommandKind, value: string, text: string): ReplyVerdict;
}
