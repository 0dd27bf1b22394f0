import { csvRow } from './csv';

/**
 * A realistic Strong or Hevy export of at least `rows` rows, for measuring and racing imports:
 * three workouts in rotation (5 exercises, a warm-up and 3 sets each) and a run every seventh day.
 * Deterministic: the same arguments give the same file.
 */
export function sampleCsv(source: 'strong' | 'hevy', rows: number): string {
  const plan = [
    {
      name: 'Push, Heavy',
      exercises: [
        'Bench Press (Barbell)',
        'Overhead Press (Barbell)',
        'Incline Press (Dumbbell)',
        'Triceps Pushdown (Cable)',
        'Lateral Raise',
      ],
    },
    {
      name: 'Pull',
      exercises: [
        'Deadlift (Barbell)',
        'Pull Up',
        'Bent Over Row (Barbell)',
        'Face Pull (Cable)',
        'Hammer Curl (Dumbbell)',
      ],
    },
    {
      name: 'Legs',
      exercises: ['Squat (Barbell)', 'Romanian Deadlift', 'Leg Press', 'Leg Curl (Machine)', 'Calf Raise'],
    },
  ];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

  const out = [
    source === 'strong'
      ? csvRow([
          'Date',
          'Workout Name',
          'Duration',
          'Exercise Name',
          'Set Order',
          'Weight',
          'Reps',
          'Distance',
          'Seconds',
          'Notes',
          'Workout Notes',
          'RPE',
        ])
      : csvRow([
          'title',
          'start_time',
          'end_time',
          'description',
          'exercise_title',
          'superset_id',
          'exercise_notes',
          'set_index',
          'set_type',
          'weight_kg',
          'reps',
          'distance_km',
          'duration_seconds',
          'rpe',
        ]),
  ];
  type Row = {
    workout: string;
    exercise: string;
    order: number;
    warmUp: boolean;
    kg: number;
    reps: number;
    km: number;
    seconds: number;
  };
  const write = (day: Date, r: Row) => {
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()];
    if (source === 'strong') {
      const when = `${y}-${pad(m + 1)}-${pad(d)} 18:30:00`;
      out.push(
        csvRow([
          when,
          r.workout,
          '1h 5m',
          r.exercise,
          r.warmUp ? 'W' : r.order,
          r.kg,
          r.reps,
          r.km,
          r.seconds,
          '',
          '',
          '',
        ]),
      );
    } else {
      const when = `${d} ${months[m]} ${y}, 18:30`;
      const blank = (n: number) => (n === 0 ? '' : n);
      out.push(
        csvRow([
          r.workout,
          when,
          when,
          '',
          r.exercise,
          '',
          '',
          r.order,
          r.warmUp ? 'warmup' : 'normal',
          blank(r.kg),
          blank(r.reps),
          blank(r.km),
          blank(r.seconds),
          '',
        ]),
      );
    }
  };

  let written = 0;
  for (let n = 0; written < rows; n += 1) {
    const day = new Date(Date.UTC(2021, 0, 1 + n));
    if (n % 7 === 6) {
      const km = Math.round((3 + random() * 9) * 100) / 100;
      const seconds = Math.round(km * (300 + random() * 60));
      write(day, {
        workout: 'Cardio',
        exercise: 'Running',
        order: 1,
        warmUp: false,
        kg: 0,
        reps: 0,
        km,
        seconds,
      });
      written += 1;
      continue;
    }
    const workout = plan[n % 3];
    for (const [index, exercise] of workout.exercises.entries()) {
      const top = 20 + index * 10 + Math.floor(n / 10) * 2.5;
      const base = { workout: workout.name, exercise, km: 0, seconds: 0 };
      write(day, { ...base, order: 0, warmUp: true, kg: Math.round(top * 0.5), reps: 10 });
      for (let set = 1; set <= 3; set += 1)
        write(day, { ...base, order: set, warmUp: false, kg: top, reps: 5 + Math.floor(random() * 4) });
      written += 4;
    }
  }
  return out.join('');
}
