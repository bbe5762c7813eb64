// The profile feature's public face: other features import these from '../profile', nothing deeper.
export { IMAGE_ACCEPT, checkImageFile, uploadImage } from './profile-api';
export { ImageFileInput } from './image-file-input';
export { ProfileDialog } from './profile-dialog';
