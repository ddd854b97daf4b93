import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { carryTypedFields } from './prerendered-fields';

function Form({ onSeen }: { onSeen(value: string): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  onSeen(username);
  return (
    <form>
      <label>
        Username
        <input name="username" value={username} onChange={(event) => setUsername(event.target.value)} autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
    </form>
  );
}

describe('carryTypedFields', () => {
  it('gives what was typed into the prerendered fields, and the focus, to the fields React renders', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="username" value=""><input name="password" type="password" value=""></form>';
    document.body.append(root);
    const [username, password] = root.querySelectorAll('input');
    username!.value = 'client@demo.test';
    password!.focus();
    password!.value = 'portal-de';
    carryTypedFields(root);
    // Typing goes on until React's commit.
    password!.value = 'portal-demo';
    let seen = '';
    await act(async () => createRoot(root).render(<Form onSeen={(value) => (seen = value)} />));

    const newUsername = root.querySelector<HTMLInputElement>('input[name="username"]')!;
    const newPassword = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(newUsername).not.toBe(username);
    expect(newUsername.value).toBe('client@demo.test');
    expect(seen).toBe('client@demo.test');
    expect(newPassword.value).toBe('portal-demo');
    expect(document.activeElement).toBe(newPassword);
    expect(newPassword.selectionStart).toBe('portal-demo'.length);
    root.remove();
  });
});
