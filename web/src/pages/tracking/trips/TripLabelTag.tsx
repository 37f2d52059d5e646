// A trip's label (SPEC §3: unlabeled, business, personal), changed from a small menu on the tag.
import { Dropdown, Tag } from 'antd';
import { DownOutlined, TagOutlined } from '@ant-design/icons';
import type { TripLabel } from '@fleet/common';

export const LABEL_NAMES: Record<TripLabel, string> = {
  unlabeled: 'Unlabelled',
  business: 'Business',
  personal: 'Personal',
};
const LABEL_COLOURS: Record<TripLabel, string | undefined> = {
  unlabeled: undefined,
  business: 'blue',
  personal: 'purple',
};

interface Props {
  value: TripLabel;
  editable: boolean;
  onChange: (label: TripLabel) => void;
  saving?: boolean;
}

export default function TripLabelTag({ value, editable, onChange, saving }: Props) {
  const tag = (
    <Tag
      color={LABEL_COLOURS[value]}
      variant={value === 'unlabeled' ? 'outlined' : 'filled'}
      className={`trip-label-tag${editable ? ' is-editable' : ''}`}
      icon={<TagOutlined />}
    >
      {LABEL_NAMES[value]}
      {editable && <DownOutlined className="trip-label-caret" />}
    </Tag>
  );
  if (!editable) return tag;
  return (
    <Dropdown
      trigger={['click']}
      disabled={saving}
      menu={{
        selectable: true,
        selectedKeys: [value],
        items: (Object.keys(LABEL_NAMES) as TripLabel[]).map((key) => ({
          key,
          label: LABEL_NAMES[key],
        })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key !== value) onChange(key as TripLabel);
        },
      }}
    >
      <button
        type="button"
        className="trip-label-button"
        aria-label={`Label: ${LABEL_NAMES[value]}. Change label`}
        onClick={(e) => e.stopPropagation()}
      >
        {tag}
      </button>
    </Dropdown>
  );
}
