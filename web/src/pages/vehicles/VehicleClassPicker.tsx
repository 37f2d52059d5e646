// The vehicle class, picked by its picture: each of the 21 classes (SPEC §3) as the badge the
// live map draws for it (unitSpriteImage: the map's own sprite code) in the vehicle's icon colour,
// with its name. One radio group: Tab reaches it once, the arrow keys move between classes.
import { useId } from 'react';
import type { VehicleClass } from '@fleet/common';
import { PICKER_ICON_SIZE, unitSpriteImage } from './unitSpriteImage';
import { VEHICLE_CLASS_OPTIONS } from './vehicleFormat';
import './vehicles.css';

interface Props {
  id?: string;
  value: string;
  colour: string;
  onChange(vehicleClass: VehicleClass): void;
  disabled?: boolean;
}

export function VehicleClassPicker({ id, value, colour, onChange, disabled }: Props) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Vehicle class" id={id} className="class-picker">
      {VEHICLE_CLASS_OPTIONS.map((option) => {
        const image = unitSpriteImage(option.value, colour);
        const chosen = value === option.value;
        return (
          <label key={option.value} className={`class-option${chosen ? ' is-chosen' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={chosen}
              disabled={disabled}
              className="class-option-input"
              onChange={() => onChange(option.value)}
            />
            <span className="class-option-icon" style={{ height: PICKER_ICON_SIZE }}>
              {image && (
                <img
                  src={image.src}
                  alt=""
                  width={image.size}
                  height={image.size}
                  data-testid={`class-icon-${option.value}`}
                />
              )}
            </span>
            <span className="class-option-name">{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
