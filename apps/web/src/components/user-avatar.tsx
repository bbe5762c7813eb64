import '@mantine/core/styles/Avatar.css';
import { Avatar, type MantineSize } from '@mantine/core';
import { DEFAULT_AVATAR } from '../lib/session-storage';

/** The file URL of a stored image name. */
export function fileUrl(name: string): string {
  return `/api/files/${encodeURIComponent(name)}`;
}

export function hasCustomImage(img: string | null | undefined): img is string {
  return !!img && img !== DEFAULT_AVATAR;
}

/** A user's picture, or their initials while they have the default avatar (profile.png). */
export function UserAvatar({
  name,
  img,
  size = 'md',
  alt,
}: {
  name: string;
  img: string;
  size?: MantineSize | number;
  alt?: string;
}) {
  const custom = hasCustomImage(img);
  return (
    <Avatar
      src={custom ? fileUrl(img) : null}
      alt={alt ?? name}
      name={name}
      color="initials"
      size={size}
      radius="xl"
      data-testid="user-avatar"
      data-img={img}
    />
  );
}
