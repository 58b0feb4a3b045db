/** Where a user-written item is in its file: what every FILE:LINE:COL message and result points at. */
export interface SourcePos {
  file: string; // as the user named it (relative to cwd when it was given relative)
  line: number; // 1-based
  col: number; // 1-based
}
