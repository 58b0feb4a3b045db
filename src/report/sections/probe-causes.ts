/**
 * Why probes escape: each probe family aims at one way a constraint's reading of a value and the
 * tool's use of it differ. Families that exploit the same difference, and that the same check
 * closes, are one cause (the address-list and display-name tricks are both the mail library
 * parsing one recipient string into other mailboxes). The report shows one entry per constraint
 * kind × cause, so a hole in twenty grants reads as one finding.
 */

export interface Cause {
  /** Stable key of the cause (its first family's name). */
  readonly id: string;
  /** What Tenuo checks, then what the tool does instead: one sentence, markdown. */
  readonly mismatch: string;
  /** A sentence more exact than `mismatch` for one constraint kind (`Subpath`, …), by that kind. */
  readonly byKind?: Readonly<Record<string, string>>;
}

const MAILBOXES: Cause = {
  id: 'address_list',
  mismatch:
    'Tenuo checks each recipient as one string; the mail library parses it as an address list, so one string reaches ' +
    'several mailboxes, or the mailbox in `<…>` rather than the text around it.',
};

const CAUSES: Readonly<Record<string, Cause>> = {
  separator_confusion: {
    id: 'separator_confusion',
    mismatch:
      'Tenuo checks the path as written; the file system reads the backslashes as part of a name, and the `..` after them climb out of the grant.',
    byKind: {
      Subpath:
        'Tenuo’s Subpath splits a path at `/` and at `\\`, so the `..` after backslash-joined names climb back out of them; ' +
        'the file system splits at `/` only, the backslashes are part of one name, and the same `..` climb out of the root.',
    },
  },
  traversal: {
    id: 'traversal',
    mismatch:
      'Tenuo checks the path as written or normalized its own way; the file system resolves its `.` and `..` to a place outside the grant.',
  },
  encoding: { id: 'encoding', mismatch: 'Tenuo checks the text as written; the tool decodes its `%` escapes first.' },
  case: { id: 'case', mismatch: 'Tenuo compares upper and lower case as different; the tool treats them as the same.' },
  nul: { id: 'nul', mismatch: 'Tenuo checks the whole string; the tool stops at its NUL character.' },
  trailing_dot: {
    id: 'trailing_dot',
    mismatch: 'Tenuo checks the text as written; the tool drops a trailing dot (a path’s `/.`, a host’s final `.`).',
  },
  numeric_edge: {
    id: 'numeric_edge',
    mismatch: 'Tenuo compares the number as given; the tool uses it as a float (rounding, `-0`, NaN, infinities).',
  },
  type_confusion: {
    id: 'type_confusion',
    mismatch: 'Tenuo checks a value of another type than the tool expects (text for a number, a list for a string); the tool converts it.',
  },
  address_list: MAILBOXES,
  display_name: MAILBOXES,
  url_userinfo: {
    id: 'url_userinfo',
    mismatch: 'Tenuo matches the URL’s text; the client connects to the host after `@`, not to the name before it.',
  },
  ip_spelling: {
    id: 'ip_spelling',
    mismatch:
      'Tenuo matches the host as written; the client reads it as an IP address spelled another way (decimal, octal, hex, IPv4 in IPv6).',
  },
  unspecified_address: {
    id: 'unspecified_address',
    mismatch: 'Tenuo sees `0.0.0.0` or `[::]` as any other host; the client connects to the local host.',
  },
  shell_assignment: {
    id: 'shell_assignment',
    mismatch: 'Tenuo reads the first word as the program; the shell reads `NAME=value` as an assignment and runs the next word.',
  },
  program_path: { id: 'program_path', mismatch: 'Tenuo compares the program’s name; the shell runs whatever program the path leads to.' },
  shell_quoting: {
    id: 'shell_quoting',
    mismatch: 'Tenuo reads the words as written; the shell removes quotes and splits words its own way, so another program runs.',
  },
  shell_metacharacter: {
    id: 'shell_metacharacter',
    mismatch: 'Tenuo reads one command; the shell runs several (`;`, `&&`, `|`, `$(…)`, backticks, a new line).',
  },
};

/** What Tenuo reads against what the tool does, for this cause and constraint kind. */
export function mismatchOf(cause: Cause, kind: string): string {
  return cause.byKind !== undefined && Object.prototype.hasOwnProperty.call(cause.byKind, kind) ? cause.byKind[kind]! : cause.mismatch;
}

/** The cause of a family's escapes; a family this version does not know is its own cause. */
export function causeOf(family: string): Cause {
  return Object.prototype.hasOwnProperty.call(CAUSES, family)
    ? CAUSES[family]!
    : { id: family, mismatch: 'The warrant allowed the value; what the tool really did with it is something the same constraint denies.' };
}
