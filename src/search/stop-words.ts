/**
 * Words too common to tell tools apart (SPEC §5.1). `get`, `set` and `list` are kept on purpose:
 * they are what separates `get_issue` from `create_issue`.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by can do for from had has have here how i if in into is it its me my no not of on or ' +
    'our so that the their them then there these they this to up us was we were what when where which who why will ' +
    'with you your'
  ).split(' '),
)
