import { formatMoment } from '../../../contract/dates';
import type { Device } from '../../../contract/devices';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useSave } from '../../lib/use-save';
import { useGetDevicesQuery, useRevokeDeviceMutation, useRevokeOtherDevicesMutation } from './account.api';
import './account-sections.css';

const when = formatMoment;

/**
 * Devices (docs/api.md §13): where the account is signed in, each with **Sign out**, and **Sign out
 * everywhere else**. This device's own Sign out is the app's logout (`onSignOutHere`: the device
 * forgets the user, docs/api.md §12), so it is not a request of this section.
 */
export function DevicesSection({ onSignOutHere }: { onSignOutHere: () => void }) {
  const save = useSave();
  const { data, error, isLoading } = useGetDevicesQuery();
  const [revokeDevice, { isLoading: isRevoking, originalArgs: revoking }] = useRevokeDeviceMutation();
  const [revokeOthers, { isLoading: isRevokingOthers }] = useRevokeOtherDevicesMutation();
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const signOut = (device: Device) =>
    device.current
      ? onSignOutHere()
      : save(() => revokeDevice(device._id).unwrap(), { done: (answer) => answer.message }).catch(() => {});
  const signOutOthers = () =>
    save(() => revokeOthers().unwrap(), { done: (answer) => answer.message }).catch(() => {});

  return (
    <section className="card data-section" aria-labelledby="devices-title">
      <h2 id="devices-title">Devices</h2>
      <p className="muted">Where your account is signed in. Sign out of any device you do not recognise.</p>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <LoadError error={error} />
      ) : (
        <>
          <ul className="device-list">
            {sessions.map((device) => (
              <li key={device._id} className="device-row">
                <div className="device-text">
                  <span className="device-name">
                    {device.device}
                    {device.current && <span className="badge">This device</span>}
                  </span>
                  <span className="muted device-times">
                    Last active {when(device.lastSeenAt)} · signed in {when(device.createdAt)}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary device-sign-out"
                  onClick={() => void signOut(device)}
                  disabled={isRevoking && revoking === device._id}
                  aria-label={`Sign out ${device.current ? 'this device' : device.device}`}
                >
                  Sign out
                </button>
              </li>
            ))}
          </ul>
          {others > 0 && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void signOutOthers()}
              disabled={isRevokingOthers}
              aria-busy={isRevokingOthers}
            >
              Sign out everywhere else
            </button>
          )}
        </>
      )}
    </section>
  );
}
