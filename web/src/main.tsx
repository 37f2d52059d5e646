import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './components/dates';
import './styles.css';
import App from './App';
import { loadTheme } from './theme/loadTheme';

void loadTheme().then((theme) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App theme={theme} />
    </StrictMode>,
  );
});
