import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { ImageDialog } from './image-dialog';

afterEach(() => vi.unstubAllGlobals());

const pick = (size: number, type = 'image/png') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([new Uint8Array(size)], 'me.png', { type });
  fireEvent.change(input, { target: { files: [file] } });
};

describe('profile image dialog (seed spec §4, §5, §8)', () => {
  it('with the default avatar shows a picker, and Save only once a file is chosen', async () => {
    await renderApp(<ImageDialog opened onClose={() => undefined} />, { session: makeSession() });
    expect(await screen.findByText('Choose an image')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    pick(1000);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('refuses a file over 1,000,000 bytes in the page', async () => {
    await renderApp(<ImageDialog opened onClose={() => undefined} />, { session: makeSession() });
    await screen.findByText('Choose an image');
    pick(1_000_001);
    expect(await screen.findByRole('alert')).toHaveTextContent('The image must be at most 1,000,000 bytes.');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    pick(1_000_000);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    await renderApp(<ImageDialog opened onClose={() => undefined} />, { session: makeSession() });
    await screen.findByText('Choose an image');
    pick(10, 'text/plain');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF image.');
  });

  it('with a custom image shows it with Delete; a network failure says "Somthing bad happened!"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await renderApp(<ImageDialog opened onClose={() => undefined} />, {
      session: makeSession({ img: 'abc.png' }),
    });
    expect(await screen.findByRole('img', { name: 'Current profile image' })).toHaveAttribute(
      'src',
      '/api/files/abc.png',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Somthing bad happened!')).toBeInTheDocument(), {
      timeout: 5000,
    });
  });

  it('after a delete the stored image name becomes profile.png', async () => {
    localStorage.setItem('ut', JSON.stringify({ uid: 'u', nm: 'n', img: 'abc.png', role: 'staff' }));
    const user = { ...makeSession().user, img: 'profile.png' };
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify(user), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    await renderApp(<ImageDialog opened onClose={() => undefined} />, {
      session: makeSession({ img: 'abc.png' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image deleted!')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('ut')!).img).toBe('profile.png');
  });
});
