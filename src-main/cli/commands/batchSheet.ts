// `loupe batch sheet ID [--x AXIS] [--y AXIS] --to sheet.png|sheet.html`: the batch's contact sheet as one
// labelled picture or one self-contained HTML page, made by core (core/batches/sheet), as the app makes it.
import { extname, resolve } from 'node:path';
import { batchIdSchema } from '../../../src-shared/contracts/batches';
import { exportSheet } from '../../core/batches/sheet/sheetExport';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { visible } from '../terminalText';

export const sheetCommand: CommandSpec = {
  words: ['batch', 'sheet'],
  summary: 'Save a batch’s contact sheet as one labelled image (.png) or a self-contained page (.html)',
  positionals: ['ID'],
  options: { to: { type: 'string' }, x: { type: 'string' }, y: { type: 'string' } },
  optionHelp: [
    { flag: '--to FILE', text: 'sheet.png or sheet.html (the extension chooses)' },
    { flag: '--x AXIS', text: 'the input across, e.g. 3.seed (default: the first axis)' },
    { flag: '--y AXIS', text: 'the input down (default: the next axis); further axes become pages' },
  ],
  details:
    'The image is at most 10,000 × 10,000 px (cells shrink to fit); failed cells are marked in red.\nThe page embeds every picture as a WebP thumbnail, needs no server and loads nothing from the network.',
  usesConnection: true,
  async run({ args, io, out, session, signal }: CommandContext) {
    const parsed = batchIdSchema.safeParse(args.positional(0));
    if (!parsed.success) throw args.usageError('ID is a batch id (see `loupe batch list`).');
    const to = args.string('to');
    if (to === undefined) throw args.usageError('--to FILE is needed: sheet.png or sheet.html.');
    const ext = extname(to).toLowerCase();
    if (ext !== '.png' && ext !== '.html') throw args.usageError('--to must name a .png or an .html file.');
    const engine = await session.engine();
    const result = await exportSheet(
      { store: engine.core.store, bytes: engine.core.content.bytes, profileId: engine.target.profile.id },
      {
        batchId: parsed.data,
        x: args.string('x') ?? null,
        y: args.string('y') ?? null,
        format: ext === '.png' ? 'png' : 'html',
        path: resolve(io.cwd, to),
        signal,
      },
    );
    if (out.json) out.document(result);
    else {
      out.line(visible(result.path));
      out.note(
        result.width === null
          ? `${result.cells} cells in one page.`
          : `${result.cells} cells, ${result.width} × ${result.height} px.`,
      );
    }
    return exitCodes.ok;
  },
};
