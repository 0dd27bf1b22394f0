import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_LIMIT } from '../../../contract/page-query';
import { BackLink } from '../../components/back-link';
import { PlusIcon } from '../../components/icons';
import { LoadError } from '../../components/load-error';
import { PageSizeSelector } from '../../components/page-size-selector';
import { Pagination } from '../../components/pagination';
import { RecordActions } from '../../components/record-actions';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/hooks';
import { useWaitingSessions } from '../../lib/offline/waiting-sessions';
import { useLastDefined } from '../../lib/use-last-defined';
import { paths } from '../../lib/paths';
import { useDeleteAndLeave } from '../../lib/use-delete-and-leave';
import { useClampPage, usePageParams } from '../../lib/use-page-params';
import { useWeightUnit } from '../../lib/weight-unit';
import { useDeleteExerciseMutation, useGetExercisePageQuery } from './exercises.api';
import { ProgressSection } from './progress-section';
import { RecordsCard } from './records-card';
import { SessionList } from './session-list';

export function ExercisePage() {
  const { slugLog = '', slugExercise = '' } = useParams();
  const unit = useWeightUnit();
  const navigate = useNavigate();
  const { limit, page, setPage, setLimit } = usePageParams(DEFAULT_LIMIT);
  const [deleteExercise, { isLoading: isDeleting }] = useDeleteExerciseMutation();
  const { isFetchSkipped, onDelete } = useDeleteAndLeave(
    () => deleteExercise({ slugLog, slugExercise }).unwrap(),
    'Exercise deleted',
    paths.log(slugLog),
    () => exercise?._id ?? '',
  );
  const query = useGetExercisePageQuery({ slugLog, slugExercise, limit, page }, { skip: isFetchSkipped });
  const data = useLastDefined(query.data);
  const exercise = data?.exercise;
  const totalPages =
    exercise?.session === 'pasession' ? data?.pagination.totalPaPages : data?.pagination.totalWlPages;
  const waiting = useWaitingSessions({ slugLog, slugExercise, kind: exercise?.session });
  useDocumentTitle(exercise?.title);
  useClampPage(page, totalPages, setPage);

  if (query.isLoading) return <Spinner />;
  // No session yet: the empty state leads to the first one, with no list or chart controls.
  const isEmpty = data?.pagination.total === 0 && waiting.length === 0;
  if (!data || !exercise) {
    return (
      <section className="page">
        <BackLink to={paths.log(slugLog)} />
        <h1>Exercise</h1>
        <LoadError error={query.error} />
      </section>
    );
  }

  return (
    <section className="page">
      <BackLink to={paths.log(slugLog)} />
      <div className="page-head">
        <div>
          <p className="eyebrow">
            {/* docs/product.md's label, in a pound user's unit (docs/api.md §10: labels read LBs). */}
            {exercise.session === 'wlsession' ? `reps * ${unit}s = vol` : 'dist, pace, time'}
          </p>
          <h1>{exercise.title}</h1>
        </div>
        <RecordActions
          editTo={paths.editExercise(slugLog, exercise._id)}
          onDelete={onDelete}
          isDeleting={isDeleting}
        />
      </div>

      <RecordsCard
        slugLog={slugLog}
        slugExercise={slugExercise}
        kind={exercise.session}
        skip={isFetchSkipped}
      />

      <div className="section-head">
        <h2>Sessions</h2>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => navigate(paths.newSession(slugLog, slugExercise, exercise.session))}
        >
          <PlusIcon width={18} height={18} />
          Create New
        </button>
      </div>
      {isEmpty ? (
        <div className="empty card">
          <p className="empty-title">No sessions yet</p>
          <p className="muted">Record your first session to see it here and on the chart.</p>
          <Link to={paths.newSession(slugLog, slugExercise, exercise.session)} className="btn btn-primary">
            Log the first session
          </Link>
        </div>
      ) : (
        <>
          <div className="toolbar">
            <p className="muted">
              {data.pagination.total} {data.pagination.total === 1 ? 'session' : 'sessions'}
              {waiting.length > 0 && `, ${waiting.length} waiting to sync`}
            </p>
            <PageSizeSelector limit={limit} onChange={setLimit} />
          </div>
          {query.error && <LoadError error={query.error} />}
          <div className={query.isFetching ? 'is-stale' : undefined}>
            {/* Newest first, like the list: the waiting ones head its first page. */}
            <SessionList data={data} waiting={page === 1 ? waiting : []} />
          </div>
          <Pagination page={page} totalPages={totalPages ?? 1} onPageChange={setPage} />

          <ProgressSection
            key={`${slugLog}/${slugExercise}`}
            slugLog={slugLog}
            slugExercise={slugExercise}
            kind={exercise.session}
            skip={isFetchSkipped}
          />
        </>
      )}
    </section>
  );
}
