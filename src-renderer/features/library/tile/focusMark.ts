/**
 * The keyboard cursor's mark on a tile or a row: an outline drawn inside the box, over the picture. A ring (a
 * box-shadow outside the box) was clipped by the virtualised grid's cells, leaving four specks at the rounded
 * corners, so the cursor could not be seen.
 */
export const FOCUS_MARK = 'outline-2 -outline-offset-2 outline-accent';
