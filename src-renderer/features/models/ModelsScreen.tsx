import { useQuery } from '@tanstack/react-query';
import { LoadingNote } from '../../components/LoadingNote';
import { ModelsIcon } from '../../components/icons';
import { NoConnectionChosen } from '../../components/NoConnectionChosen';
import { QueryErrorNotice } from '../../components/QueryErrorNotice';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { NoRouter } from './catalogue/NoRouter';
import { catalogueQuery } from './modelQueries';
import { ModelsView } from './ModelsView';

/**
 * The Router's models for the active profile. With no profile, or a profile without a Router address, it
 * says what would be here and where to go; otherwise the catalogue, the runs and the open model or run.
 */
export function ModelsScreen() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const profileId = profiles.data?.activeProfileId ?? null;
  const catalogue = useQuery({ ...catalogueQuery(loupe, profileId ?? ''), enabled: profileId !== null });
  if (profiles.isPending) return <LoadingNote>Loading profiles…</LoadingNote>;
  if (profiles.isError) return <QueryErrorNotice doing="load your profiles" query={profiles} />;
  if (profileId === null) {
    return (
      <NoConnectionChosen icon={<ModelsIcon />}>
        The Router’s partner models belong to a connection. Choose one, and its catalogue, your runs and their
        cost appear here.
      </NoConnectionChosen>
    );
  }
  if (catalogue.data?.kind === 'no_router') return <NoRouter profileId={profileId} />;
  return <ModelsView profileId={profileId} catalogue={catalogue} />;
}
