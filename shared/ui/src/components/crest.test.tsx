import { render } from '@testing-library/react';
import { Crest, crestInk } from './crest';

describe('Crest', () => {
  it('writes the short name in whichever of white or near-black reads better on the colour', () => {
    expect(crestInk('#1d3557')).toBe('#ffffff');
    expect(crestInk('#ffd700')).toBe('#111111');
    expect(crestInk('#000000')).toBe('#ffffff');
    expect(crestInk('#ffffff')).toBe('#111111');
  });

  it('draws the shield in the team colours, hidden from assistive technology', () => {
    const { container } = render(
      <Crest shortName="KOLK" colours={{ primary: '#3a225d', secondary: '#b3a123' }} />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.querySelector('path')).toHaveAttribute('fill', '#3a225d');
    expect(svg.querySelector('path')).toHaveAttribute('stroke', '#b3a123');
    expect(svg.querySelector('text')).toHaveTextContent('KOLK');
    expect(svg.querySelector('text')).toHaveAttribute('fill', '#ffffff');
  });
});
