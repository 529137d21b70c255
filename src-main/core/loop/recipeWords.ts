// Why a job's workflow document cannot be compared as inputs, or run again: said once, the same way everywhere.

export function unrunnableReason(format: 'save' | 'unknown', purpose: 'compare' | 'run'): string {
  const what = purpose === 'compare' ? 'compared input by input' : 'run again or varied';
  if (format === 'save') {
    return (
      `This job's workflow is the editor's own saved document (format "save": canvas layout and editor-only ` +
      `nodes), which cannot be ${what}. The service keeps it for jobs pinned to a workflow version. Open it ` +
      'in the editor, export it in API format, and start from that file.'
    );
  }
  return `The service sent this job's workflow in a format Loupe does not know, so it cannot be ${what}.`;
}
