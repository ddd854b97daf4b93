import { act, fireEvent, screen } from '@testing-library/react';
import { anOption } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

describe('the global type assignments', () => {
  it('shows the saved map and saves the changed one as the type_assignments option', async () => {
    const view = renderAdmin('/admins/settings/assignments', { api: { options: [anOption('type_assignments', { question: 8 })] } });
    const question = await screen.findByRole('combobox', { name: 'Question' });
    expect(question).toHaveValue('8');
    fireEvent.change(screen.getByRole('combobox', { name: 'Meeting' }), { target: { value: '1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /save/i })));
    expect(view.writes()).toEqual([
      { method: 'POST', url: '/api/options', body: { option_name: 'type_assignments', option_value: { question: 8, meeting: 1 } } },
    ]);
  });
});
