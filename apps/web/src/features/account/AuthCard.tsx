import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './AuthCard.module.css';

/** The frame of the account forms. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={460} py={48}>
      <Title order={1} ta="center" fz="h2">
        {title}
      </Title>
      {lead ? (
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {lead}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md" className={classes.fields}>
        {children}
      </Paper>
    </Container>
  );
}
