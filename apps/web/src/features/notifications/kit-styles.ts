// Styles of the Mantine components of the profile's e-mail switch (loaded with it only).
import '@mantine/core/styles/Switch.css';
