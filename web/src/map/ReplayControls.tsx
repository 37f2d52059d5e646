import type { CSSProperties } from 'react';
import { Button, Select, Slider, Space } from 'antd';
import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { REPLAY_SPEEDS, type ReplayController, type ReplayState } from './replay/replayController';

export interface ReplayControlsProps {
  controller: ReplayController;
  state: ReplayState;
  style?: CSSProperties;
  /** How the replay time (epoch ms) is written; default HH:mm:ss in the browser's zone. */
  formatTime?: (time: number) => string;
}

const browserTime = (time: number) => dayjs(time).format('HH:mm:ss');

/** Play/pause, speed (1× to 300×), a seek slider and the trip time shown; fits a 360 px screen. */
export function ReplayControls({
  controller,
  state,
  style,
  formatTime = browserTime,
}: ReplayControlsProps) {
  const disabled = state.end <= state.start && !state.position;
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 10px',
        background: 'rgba(255,255,255,0.95)',
        borderRadius: 6,
        boxShadow: '0 1px 4px rgba(0,0,0,0.3)',
        ...style,
      }}
    >
      <Button
        type="primary"
        shape="circle"
        aria-label={state.playing ? 'Pause' : 'Play'}
        icon={state.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={() => controller.toggle()}
        disabled={disabled}
      />
      <Slider
        style={{ flex: 1, minWidth: 80, margin: '0 6px' }}
        min={0}
        max={1000}
        value={Math.round(state.progress * 1000)}
        onChange={(value) => controller.seekFraction(value / 1000)}
        tooltip={{ open: false }}
        ariaLabelForHandle="Replay position"
        disabled={disabled}
      />
      <Space size={6}>
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatTime(state.time)}
        </span>
        <Select
          size="small"
          aria-label="Replay speed"
          value={state.speed}
          onChange={(value: number) => controller.setSpeed(value)}
          options={REPLAY_SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          style={{ width: 72 }}
        />
      </Space>
    </div>
  );
}
