-- A deleted record as its row of the trash (migration 0019, decision 0034): the record and
-- everything its delete takes with it (the cascades, and a workout its last session leaves, which
-- workouts-emptied.sql deletes), as the rows they are, except its sessions: those go one row each
-- to `trash_sessions` (migration 0022), from `sessions_of_*` below, so an item of any size is
-- written and read a row at a time. Called by the delete statements before their DELETE, in the
-- same snapshot. A session's and a workout's row leave out api_json, which their triggers
-- (sessions-api-json-trigger.sql, workouts-api-json-trigger.sql) build again when the row comes back.
-- `needs`: the records it lives in (log, exercise, workouts), restored with it when in the trash.
-- `offset 0` keeps the rows' subquery from being inlined into each use of `b.rows`, which built
-- them three times.
-- The statements insert it `on conflict do nothing`: of two deletes of one record at once, the
-- second waits for the first, then finds nothing to delete and answers 404.

-- The sessions each kind of delete takes with it.
CREATE OR REPLACE FUNCTION "sessions_of_log"(l logs) RETURNS SETOF sessions LANGUAGE sql STABLE AS $$
  select s.* from exercises e join sessions s on s.author_id = e.author_id and s.exercise_id = e.id
  where e.author_id = l.author_id and e.log_id = l.id
$$;

CREATE OR REPLACE FUNCTION "sessions_of_exercise"(e exercises) RETURNS SETOF sessions LANGUAGE sql STABLE AS $$
  select s.* from sessions s where s.author_id = e.author_id and s.exercise_id = e.id
$$;

CREATE OR REPLACE FUNCTION "sessions_of_workout"(w workouts) RETURNS SETOF sessions LANGUAGE sql STABLE AS $$
  select s.* from sessions s where s.author_id = w.author_id and s.workout_id = w.id
$$;

CREATE OR REPLACE FUNCTION "trash_of_log"(l logs) RETURNS trash LANGUAGE sql STABLE AS $$
  select l.author_id, l.id, 'log', l.title, now(), '{}'::uuid[],
    jsonb_array_length(b.rows -> 'exercises'), (select count(*)::int from sessions_of_log(l)), b.rows
  from (select jsonb_build_object(
    'logs', jsonb_build_array(to_jsonb(l)),
    'exercises', (select coalesce(jsonb_agg(to_jsonb(e)), '[]') from exercises e
      where e.author_id = l.author_id and e.log_id = l.id),
    'workouts', (select coalesce(jsonb_agg(to_jsonb(w) - 'api_json'), '[]') from workouts w
      where w.author_id = l.author_id and w.log_id = l.id),
    'routines', (select coalesce(jsonb_agg(to_jsonb(r)), '[]') from routines r
      where r.author_id = l.author_id and r.log_id = l.id),
    'routine_entries', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from routines r
      join routine_entries x on x.routine_id = r.id
      where r.author_id = l.author_id and r.log_id = l.id)
  ) as rows offset 0) b
$$;

-- An exercise: its sessions, its routine entries, and the workouts only its sessions were in.
-- It needs its log, and the workouts its sessions share with other exercises.
CREATE OR REPLACE FUNCTION "trash_of_exercise"(e exercises) RETURNS trash LANGUAGE sql STABLE AS $$
  select e.author_id, e.id, 'exercise', e.title, now(),
    array[e.log_id] || array(select distinct s.workout_id from sessions s
      where s.author_id = e.author_id and s.exercise_id = e.id and s.workout_id is not null),
    0, (select count(*)::int from sessions_of_exercise(e)), b.rows
  from (select jsonb_build_object(
    'exercises', jsonb_build_array(to_jsonb(e)),
    'workouts', (select coalesce(jsonb_agg(to_jsonb(w) - 'api_json'), '[]') from workouts w
      where w.author_id = e.author_id
        and w.id in (select s.workout_id from sessions s where s.author_id = e.author_id and s.exercise_id = e.id)
        and not exists (select from sessions o where o.author_id = w.author_id and o.workout_id = w.id
          and o.exercise_id <> e.id)),
    'routine_entries', (select coalesce(jsonb_agg(to_jsonb(x)), '[]') from routine_entries x
      where x.exercise_id = e.id and x.author_id = e.author_id)
  ) as rows offset 0) b
$$;

-- A session (its row is the item's one row of trash_sessions), titled by its exercise and date,
-- with its workout if it was the workout's last.
CREATE OR REPLACE FUNCTION "trash_of_session"(s sessions) RETURNS trash LANGUAGE sql STABLE AS $$
  select s.author_id, s.id, s.kind, e.title || ', ' || to_char(s.created_date, 'YYYY-MM-DD'), now(),
    array_remove(array[e.log_id, s.exercise_id, s.workout_id], null), 0, 0,
    jsonb_build_object(
      'workouts', (select coalesce(jsonb_agg(to_jsonb(w) - 'api_json'), '[]') from workouts w
        where w.author_id = s.author_id and w.id = s.workout_id
          and not exists (select from sessions o where o.author_id = w.author_id and o.workout_id = w.id
            and o.id <> s.id)))
  from exercises e where e.author_id = s.author_id and e.id = s.exercise_id
$$;

-- A workout and its sessions; it needs its log and its sessions' exercises.
CREATE OR REPLACE FUNCTION "trash_of_workout"(w workouts) RETURNS trash LANGUAGE sql STABLE AS $$
  select w.author_id, w.id, 'workout', w.title, now(),
    array[w.log_id] || array(select distinct s.exercise_id from sessions s
      where s.author_id = w.author_id and s.workout_id = w.id),
    0, (select count(*)::int from sessions_of_workout(w)),
    jsonb_build_object('workouts', jsonb_build_array(to_jsonb(w) - 'api_json'))
$$;
