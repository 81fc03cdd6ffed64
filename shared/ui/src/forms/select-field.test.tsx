import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectField } from './select-field';

function Quality() {
  const [value, setValue] = useState('HD');
  return (
    <SelectField
      label="Preferred video quality"
      value={value}
      onChange={(e) => setValue(e.target.value)}
    >
      <option value="SD">SD</option>
      <option value="HD">HD</option>
    </SelectField>
  );
}

describe('SelectField', () => {
  it('names the select by its label and passes the choice through', async () => {
    const user = userEvent.setup();
    render(<Quality />);

    const select = screen.getByRole('combobox', { name: 'Preferred video quality' });
    expect(select).toHaveValue('HD');
    await user.selectOptions(select, 'SD');
    expect(select).toHaveValue('SD');
  });

  it('passes the select its attributes (disabled while saving)', () => {
    render(
      <SelectField label="Quality" disabled>
        <option value="HD">HD</option>
      </SelectField>,
    );

    expect(screen.getByRole('combobox', { name: 'Quality' })).toBeDisabled();
  });
});
