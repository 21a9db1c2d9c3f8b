/** The dashboard's entry point: its styles, then the app in #app. */
import { render } from 'preact';
import './styles.css';
import { App } from './app.tsx';

render(<App />, document.getElementById('app')!);
