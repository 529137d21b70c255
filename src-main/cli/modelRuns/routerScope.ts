// What every `loupe models` command works with: core's Router service and the id of the profile the CLI pinned
// (a saved profile or the environment's own), so each call names its profile as the app's models.* handlers do.
import { modelIdSchema } from '../../../src-shared/contracts/models';
import type { RouterService } from '../../core/router';
import type { ParsedArgs } from '../parsedArgs';
import type { Session } from '../session';
import { visible } from '../terminalText';

export interface RouterScope {
  router: RouterService;
  profileId: string;
  /** For messages: the profile name, or "LOUPE_BASE_URL". */
  label: string;
}

export async function routerScope(session: Session): Promise<RouterScope> {
  const engine = await session.engine();
  return { router: engine.core.router, profileId: engine.target.profile.id, label: engine.target.label };
}

/** The model id argument, refused before anything is opened or sent when it is not `{provider}/{model}`. */
export function modelIdArg(args: ParsedArgs, index = 0): string {
  const id = args.positional(index);
  if (!modelIdSchema.safeParse(id).success) {
    throw args.usageError(
      `${visible(id)} is not a model id: it is {provider}/{model} in lowercase (e.g. sonora/tts-1).`,
    );
  }
  return id;
}
