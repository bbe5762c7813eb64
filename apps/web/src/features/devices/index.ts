// The devices feature's public face: other features import these from '../devices', nothing deeper.
export { ActivityList } from './activity-list';
export { DevicesList } from './devices-list';
