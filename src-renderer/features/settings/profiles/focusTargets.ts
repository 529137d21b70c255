// Where the focus goes back to when a profile form closes or a row disappears: the row's Edit button, or
// "Add profile" when the row is gone.
export const ADD_PROFILE_BUTTON_ID = 'add-profile-button';

export const editButtonId = (profileId: string) => `edit-profile-${profileId}`;

export function restoreFocus(profileId: string | null): void {
  // After React has committed: the button may only come back (a closed edit form) in the next render.
  setTimeout(() => {
    const edit = profileId === null ? null : document.getElementById(editButtonId(profileId));
    (edit ?? document.getElementById(ADD_PROFILE_BUTTON_ID))?.focus();
  }, 0);
}
